-- Contract 10.1: the sandbox's rates per variant ({"b": {"acceptRate": 0.5}}), so a real difference between variants can be simulated.
ALTER TABLE executor_settings ADD COLUMN variant_rates jsonb NOT NULL DEFAULT '{}';
