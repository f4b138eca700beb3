import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { readPlaywrightReport, readVitestReport, type StageReport } from './test-reports';
import { REPORTS_DIR, type Stage } from './test-stages';

/**
 * Runs stages (scripts/test-stages.ts): a group's stages at the same time, the rest one after
 * another. Each stage's time and the 10 slowest files of each test stage are printed at the end,
 * then one "N passed, N failed" line; the process exits 1 when a stage or a test failed.
 */

interface Outcome {
  stage: Stage;
  ok: boolean;
  seconds: number;
  skippedWhy?: string;
  report?: StageReport;
}

const bin = (command: string) => (existsSync(join('node_modules', '.bin', command)) ? join('node_modules', '.bin', command) : command);

/** Runs one stage; `buffered` collects its output and prints it when it ends (stages running side by side). */
function runStage(stage: Stage, env: NodeJS.ProcessEnv, buffered: boolean): Promise<Outcome> {
  const header = `\n━━ ${stage.name} ━━`;
  if (!buffered) console.log(header);
  const started = Date.now();
  const [command, ...args] = stage.command;
  const child = spawn(bin(command!), args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d));
  child.stderr?.on('data', (d: Buffer) => (output += d));
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      const seconds = (Date.now() - started) / 1000;
      if (buffered) console.log(`${header}\n${output.trimEnd()}`);
      console.log(`${ok ? 'passed' : 'FAILED'}: ${stage.name} (${formatSeconds(seconds)})`);
      resolve({ stage, ok, seconds, report: readReport(stage) });
    };
    child.on('error', (err) => {
      output += String(err);
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

function readReport(stage: Stage): StageReport | undefined {
  if (!stage.report) return undefined;
  const path = `${REPORTS_DIR}/${stage.report.name}.json`;
  return stage.report.kind === 'vitest' ? readVitestReport(path) : readPlaywrightReport(path);
}

async function postgresUrl(): Promise<string | undefined> {
  const candidate = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return candidate;
  } catch {
    if (process.env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is not reachable at it.`);
    return undefined;
  }
}

function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** Consecutive stages of one group, or a stage alone. */
function batches(stages: readonly Stage[]): Stage[][] {
  const out: Stage[][] = [];
  for (const stage of stages) {
    const last = out.at(-1);
    if (last && stage.group && last[0]!.group === stage.group) last.push(stage);
    else out.push([stage]);
  }
  return out;
}

async function runBatches(stages: readonly Stage[]): Promise<Outcome[]> {
  const pgUrl = stages.some((s) => s.postgres) ? await postgresUrl() : undefined;
  const outcomes: Outcome[] = [];
  for (const batch of batches(stages)) {
    const runs = batch.map((stage) => {
      if (stage.postgres && !pgUrl) {
        const skippedWhy = 'no PostgreSQL reachable (set TEST_DATABASE_URL to run it)';
        console.log(`\n━━ ${stage.name} ━━\nskipped: ${skippedWhy}`);
        return Promise.resolve<Outcome>({ stage, ok: true, seconds: 0, skippedWhy });
      }
      return runStage(stage, { ...stage.env, ...(stage.postgres ? { DATABASE_URL: pgUrl } : {}) }, batch.length > 1);
    });
    outcomes.push(...(await Promise.all(runs)));
  }
  return outcomes;
}

function printTimes(title: string, outcomes: readonly Outcome[], seconds: number): void {
  console.log(`\n━━ where the time went (${title}) ━━`);
  for (const o of outcomes) {
    const sideBySide = o.stage.group && outcomes.filter((x) => x.stage.group === o.stage.group).length > 1 ? ' (side by side)' : '';
    console.log(`${formatSeconds(o.seconds).padStart(12)}  ${o.stage.name}${o.skippedWhy ? ' — skipped' : sideBySide}`);
  }
  console.log(`${formatSeconds(seconds).padStart(12)}  in all`);
  for (const o of outcomes)
    if (o.report?.files.length) {
      console.log(`\nslowest files — ${o.stage.name}:`);
      for (const f of o.report.files.slice(0, 10)) console.log(`${f.seconds.toFixed(1).padStart(8)} s  ${f.file}`);
    }
}

export async function runStages(title: string, stages: readonly Stage[]): Promise<never> {
  rmSync(REPORTS_DIR, { recursive: true, force: true });
  mkdirSync(REPORTS_DIR, { recursive: true });
  const started = Date.now();
  console.log(`${title}: ${stages.map((s) => s.name).join(', ')}.`);
  const outcomes = await runBatches(stages);
  printTimes(title, outcomes, (Date.now() - started) / 1000);

  const sum = (pick: (r: StageReport) => number) => outcomes.reduce((n, o) => n + (o.report ? pick(o.report) : 0), 0);
  const [passed, failed, skipped] = [sum((r) => r.passed), sum((r) => r.failed), sum((r) => r.skipped)];
  const failedStages = outcomes.filter((o) => !o.ok).map((o) => o.stage.name);
  console.log('');
  // The names of what failed, last, so a truncated log still shows them.
  for (const o of outcomes) for (const name of o.report?.failures ?? []) console.log(`failed: ${name}`);
  if (failedStages.length) console.log(`Failed stages: ${failedStages.join(', ')}`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failedStages.length || failed ? 1 : 0);
}
