import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** What a stage's JSON report says: its counts, the names of its failures and its files' times. */
export interface StageReport {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
  /** Seconds each file took, slowest first. */
  files: { file: string; seconds: number }[];
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { name: string; startTime: number; endTime: number; assertionResults: { fullName: string; status: string }[] }[];
}

interface PlaywrightSuite {
  file: string;
  title: string;
  specs?: { title: string; tests: { status: string; results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

const slowestFirst = (seconds: Map<string, number>) =>
  [...seconds].map(([file, s]) => ({ file, seconds: s })).sort((a, b) => b.seconds - a.seconds);

export function readVitestReport(path: string): StageReport | undefined {
  if (!existsSync(path)) return undefined;
  const r = JSON.parse(readFileSync(path, 'utf8')) as VitestJson;
  const seconds = new Map<string, number>();
  const failures: string[] = [];
  for (const f of r.testResults ?? []) {
    const file = relative(process.cwd(), f.name);
    seconds.set(file, (f.endTime - f.startTime) / 1000);
    for (const a of f.assertionResults) if (a.status === 'failed') failures.push(`${file} › ${a.fullName}`);
  }
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
    failures,
    files: slowestFirst(seconds),
  };
}

export function readPlaywrightReport(path: string): StageReport | undefined {
  if (!existsSync(path)) return undefined;
  const r = JSON.parse(readFileSync(path, 'utf8')) as PlaywrightJson;
  const seconds = new Map<string, number>();
  const failures: string[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        seconds.set(`e2e/${suite.file}`, (seconds.get(`e2e/${suite.file}`) ?? 0) + ms / 1000);
        if (test.status === 'unexpected') failures.push(`e2e/${suite.file} › ${[...titles, spec.title].join(' › ')}`);
      }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of r.suites ?? []) visit(suite, []);
  return {
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
    failures,
    files: slowestFirst(seconds),
  };
}
