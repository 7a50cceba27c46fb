"""The exploding-dice family (``exploding``): two skill dice and a trait die against a target
number, the top die counts, a die showing its highest face rolls again and adds."""
