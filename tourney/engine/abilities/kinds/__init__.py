"""One home per kind of ability value: what the engine does with each word the compiler
(or a hand-written file) may use — see ``base`` (the registry), ``effect_kinds`` (effect
verbs, statics, protections, prohibitions), ``frame_kinds`` (ability kinds, keywords, costs,
trigger events, conditions, durations, amounts) and ``enforcement`` (what of a card the engine
enforces)."""
