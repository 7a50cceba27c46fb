"""The tiered family (``tiered``): luck + attribute + skill D6s, the highest die read as one of four
tiers (Critical, Great, Mixed, Limited); saves and attacks against stamina."""
