import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Stryker runs the unit project only: the integration project's one shared server (global setup)
// lives outside the test workers, where Stryker cannot switch mutants per test.
const projects = (base.test?.projects ?? []) as { test?: { name?: string } }[];
export default defineConfig({ test: { projects: projects.filter((p) => p.test?.name === 'unit') } });
