"""The Year Zero family: Mutant: Year Zero (``myz``) and the Year Zero Engine's dice-pool (``yze``)
and step-dice (``yze-step``) variants. Pools of D6s by kind, successes on 6, one push."""
