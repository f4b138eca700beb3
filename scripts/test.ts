import { runStages } from './test-run';
import { stagesOf, type Tier } from './test-stages';

/** `npm test`: the quick tier; `npm run test:full` (`--full`): every stage, CI's gate (scripts/test-stages.ts). */
const tier: Tier = process.argv.includes('--full') ? 'full' : 'quick';
await runStages(`${tier} tier`, stagesOf(tier));
