import type { Channel } from '../contract/conversations';
import type { WarmUp } from '../contract/accounts';
import { DAILY_LIMIT_KINDS } from '../contract/schedule';
import { warmUpCeiling } from '../run/sender-limits';
import {
  forecastInputSchema,
  WEEK_DAYS,
  type Bottleneck,
  type Forecast,
  type ForecastInput,
  type ForecastSettings,
} from '../contract/runs';
import { toIsoMillis } from '../time';
import { audienceZones } from './audience-zones';
import { dateOfDay, SendingCalendar } from './calendar';
import { EventQueue } from './event-queue';
import { compileCampaign, NO_STEP, type ForecastStep } from './steps';
import { DAY_MS } from './zone';

/**
 * The forecast (contract 9.5): a discrete-event simulation of a whole audience going through the
 * campaign under the sending window, each sender's daily limits and spacing (contract 9.3) and the
 * response rates. Deterministic without a seed: prospect i's answers come from low-discrepancy
 * sequences (one per step and purpose), so the same input always gives the same dates, the shares
 * that accept and reply match the rates even for 20 prospects (a random draw would give 3 or 9 of
 * 20 by chance and move the date with it), and yet each prospect answers after its own delay, so
 * the sends spread over the days the way a run's do — which an average-only model cannot show.
 * Response delays follow an exponential law with the given median. Each prospect's window and
 * calendar-day waits are read in its own time zone (`audience-zones.ts`), as the engine reads them;
 * daily limits count per day of the schedule's zone. Contract 10.2: a day's limit is at most the
 * warm-up's ceiling of that day, and no rolling 7 days take more than the weekly limit (the days
 * before the start count with what they already hold).
 */

/** A forecast never looks further than this; an audience not done by then has no finish date. */
const HORIZON_MS = 20 * 365 * DAY_MS;
const KINDS = DAILY_LIMIT_KINDS.length;

interface SenderState {
  channel: Channel;
  /** The daily limits as set; `limits` are the day's (under warm-up, at most its ceiling that day). */
  daily: number[];
  limits: number[];
  weekly: Array<number | null>;
  warmUp: WarmUp | null;
  used: number[];
  /** The used counts of the 6 days before `day`, the day before first (the rolling week's other days). */
  past: number[][];
  day: number;
  /** Per limit kind and window zone (kind × zones + zone), a FIFO of waiting prospects and the order in which each was queued. */
  waiting: Array<{ prospects: number[]; order: number[]; head: number }>;
  pending: number;
  assigned: number;
  wakeAt: number;
  lastActionAt: number;
  limitBlockedOn: number[];
  hoursBlockedOn: number;
}

/** Weyl sequences on √prime (jointly equidistributed): dimension d of prospect i is frac((i+1)·√p_d). */
function sequenceSteps(dimensions: number): Float64Array {
  const steps = new Float64Array(dimensions);
  let found = 0;
  for (let n = 2; found < dimensions; n++) {
    let prime = true;
    for (let f = 2; f * f <= n; f++) if (n % f === 0) prime = false;
    if (prime) steps[found++] = Math.sqrt(n) % 1;
  }
  return steps;
}

/** Forecasts a campaign for an audience; throws a ZodError when the input is not a forecast input. */
export function forecastCampaign(input: ForecastInput): Forecast {
  return simulateForecast(forecastInputSchema.parse(input));
}

export function simulateForecast(settings: ForecastSettings): Forecast {
  const { steps, start: startStep, indexOf, limitsUsed } = compileCampaign(settings.definition);
  // Prospects underway take their next step first (they entered earlier; steps the graph lacks are left out), then the new audience enters at start.
  const firstSteps: number[] = [];
  for (const { nodeId, prospects } of settings.underway) {
    const at = indexOf.get(nodeId);
    if (at !== undefined) for (let i = 0; i < prospects; i++) firstSteps.push(at);
  }
  for (let i = 0; i < settings.audienceSize; i++) firstSteps.push(startStep);
  const audience = firstSteps.length;
  const start = Date.parse(settings.startAt);
  const zones = audienceZones(settings.schedule, settings.prospectTimeZones, audience, start);
  // The schedule's own calendar: daily limits count per its days, and the working days are its.
  const calendar: SendingCalendar = zones.windows[0]!;
  const windowZones = zones.windows.length;
  const windowOf = zones.windowOf;
  const waitZoneOf = (p: number) => zones.waits[zones.waitOf[p]!]!;
  const spacing = settings.actionSpacingSeconds * 1000;
  const { acceptRate, replyRate, medianResponseHours } = settings.rates;
  const medianDelay = medianResponseHours * 3_600_000;
  const sequence = sequenceSteps(2 * Math.max(1, steps.length));
  const draw = (p: number, dimension: number): number => ((p + 1) * sequence[dimension]!) % 1;
  const responseDelay = (p: number, at: number): number => (medianDelay * -Math.log1p(-draw(p, 2 * at + 1))) / Math.LN2;

  const startDay = calendar.dayOf(start);
  const senders: SenderState[] = settings.senders.map((s) => ({
    channel: s.channel,
    daily: DAILY_LIMIT_KINDS.map((k) => s.dailyLimits[k]),
    limits: DAILY_LIMIT_KINDS.map((k) => dayLimit(s.dailyLimits[k], s.warmUp ?? null, startDay)),
    weekly: DAILY_LIMIT_KINDS.map((k) => s.weeklyLimits?.[k] ?? null),
    warmUp: s.warmUp ?? null,
    used: DAILY_LIMIT_KINDS.map((k) => s.usedToday[k] ?? 0),
    past: Array.from({ length: WEEK_DAYS - 1 }, (_, back) => DAILY_LIMIT_KINDS.map((k) => s.usedDaysBefore[k]?.[back] ?? 0)),
    day: startDay,
    waiting: Array.from({ length: KINDS * windowZones }, () => ({ prospects: [], order: [], head: 0 })),
    pending: 0,
    assigned: 0,
    wakeAt: Infinity,
    lastActionAt: -Infinity,
    limitBlockedOn: DAILY_LIMIT_KINDS.map(() => NaN),
    hoursBlockedOn: NaN,
  }));
  const sendersOf = new Map<Channel, number[]>();
  senders.forEach((s, i) => sendersOf.set(s.channel, [...(sendersOf.get(s.channel) ?? []), i]));

  const node = Int32Array.from(firstSteps);
  const stepsTaken = new Int32Array(audience);
  const senderOf = new Map<Channel, Int32Array>();
  const contacted = new Uint8Array(audience);
  const accepted = new Uint8Array(audience);
  const replied = new Uint8Array(audience);
  const sendsByDay = new Map<number, number[]>();
  const limitBlocked = new Map<string, number>();
  let hoursBlocked = 0;
  let finished = 0;
  let lastFinish = start;
  let stuck: Bottleneck | undefined;
  let order = 0;
  const agenda = new EventQueue();
  const maxSteps = steps.length + 1;

  const finish = (at: number): void => {
    finished++;
    if (at > lastFinish) lastFinish = at;
  };

  const wakeSender = (si: number, at: number): void => {
    const sender = senders[si]!;
    if (at < sender.wakeAt) {
      sender.wakeAt = at;
      agenda.push(at, -si - 1);
    }
  };

  /** The sender of a prospect on a channel: chosen once, the least loaded (contract 9.2), or -1. */
  const senderFor = (p: number, channel: Channel): number => {
    let chosen = senderOf.get(channel);
    if (!chosen) senderOf.set(channel, (chosen = new Int32Array(audience).fill(-1)));
    if (chosen[p]! >= 0) return chosen[p]!;
    let best = -1;
    for (const si of sendersOf.get(channel) ?? []) if (best < 0 || senders[si]!.assigned < senders[best]!.assigned) best = si;
    if (best >= 0) {
      senders[best]!.assigned++;
      chosen[p] = best;
    }
    return best;
  };

  const continueAt = (p: number, next: number, at: number, now: number): void => {
    node[p] = next;
    if (at > now) agenda.push(at, p);
    else advance(p, at);
  };

  /** Moves a prospect through the steps that take no sender until it waits, queues for a sender or ends. */
  function advance(p: number, at: number): void {
    for (;;) {
      const here = node[p]!;
      if (here === NO_STEP || ++stepsTaken[p]! > maxSteps) return finish(at);
      const step: ForecastStep = steps[here]!;
      switch (step.kind) {
        case 'end':
          return finish(at);
        case 'pass':
          node[p] = step.next;
          continue;
        case 'wait': {
          node[p] = step.next;
          const until = step.exact ? at + step.days * DAY_MS : waitZoneOf(p).addDays(at, step.days);
          if (until > at) return agenda.push(until, p);
          continue;
        }
        case 'action': {
          const si = senderFor(p, step.channel);
          if (si < 0 || senders[si]!.daily[step.limit]! === 0 || senders[si]!.weekly[step.limit] === 0) {
            stuck ??=
              si < 0
                ? { kind: 'no_sender', channel: step.channel }
                : { kind: 'limit', limit: DAILY_LIMIT_KINDS[step.limit]!, channel: step.channel };
            return;
          }
          const sender = senders[si]!;
          const queue = sender.waiting[step.limit * windowZones + windowOf[p]!]!;
          queue.prospects.push(p);
          queue.order.push(order++);
          sender.pending++;
          return wakeSender(si, Math.max(at, sender.lastActionAt + spacing));
        }
      }
    }
  }

  /**
   * One sender's turn: the longest-waiting action whose limit has room today and whose prospect's
   * window is open starts now; else the sender sleeps until the first window opens or the next day.
   */
  function senderTurn(si: number, at: number): void {
    const sender = senders[si]!;
    if (at !== sender.wakeAt) return;
    sender.wakeAt = Infinity;
    const day = calendar.dayOf(at);
    if (day !== sender.day) enterDay(sender, day);
    let pick = -1;
    let blocked = false;
    let opensAt = Infinity;
    for (let k = 0; k < KINDS; k++) {
      for (let z = 0; z < windowZones; z++) {
        const queue = sender.waiting[k * windowZones + z]!;
        if (queue.head === queue.prospects.length) continue;
        if (!roomFor(sender, k)) {
          blocked = true;
          if (sender.limitBlockedOn[k] !== day) {
            sender.limitBlockedOn[k] = day;
            const key = `${sender.channel} ${k}`;
            limitBlocked.set(key, (limitBlocked.get(key) ?? 0) + 1);
          }
          break;
        }
        const opening = zones.windows[z]!.nextOpening(at);
        if (opening > at) {
          opensAt = Math.min(opensAt, opening);
          continue;
        }
        // Events run in time order, so the order of queueing is the order of becoming ready: first come, first served.
        if (pick < 0 || queue.order[queue.head]! < headOrder(sender.waiting[pick]!)) pick = k * windowZones + z;
      }
    }
    if (pick < 0) {
      // A full limit waits for the schedule's next day; a closed window for its opening.
      const wake = Math.min(opensAt, blocked ? calendar.zone.instantOf((day + 1) * DAY_MS) : Infinity);
      if (wake < Infinity) wakeSender(si, wake);
      return;
    }
    const kind = Math.floor(pick / windowZones);
    const queue = sender.waiting[pick]!;
    const p = queue.prospects[queue.head++]!;
    sender.pending--;
    sender.used[kind]!++;
    sender.lastActionAt = at;
    let sends = sendsByDay.get(day);
    if (!sends) sendsByDay.set(day, (sends = new Array<number>(KINDS).fill(0)));
    sends[kind]!++;
    contacted[p] = 1;
    if (sender.pending > 0) {
      const nextTurn = at + spacing;
      const window = zones.windows[windowOf[p]!]!;
      if (nextTurn >= window.window(window.dayOf(at))[1] && sender.hoursBlockedOn !== day && hasRoom(sender)) {
        sender.hoursBlockedOn = day;
        hoursBlocked++;
      }
      wakeSender(si, nextTurn);
    }
    const step = steps[node[p]!] as Extract<ForecastStep, { kind: 'action' }>;
    if (step.awaits === 'none') return continueAt(p, step.next, at, at);
    const waitEnd = waitZoneOf(p).addDays(at, step.waitDays);
    const answerAt = at + responseDelay(p, node[p]!);
    const answers = draw(p, 2 * node[p]!) < (step.awaits === 'acceptance' ? acceptRate : replyRate) && answerAt < waitEnd;
    if (!answers) return continueAt(p, step.otherwise, waitEnd, at);
    (step.awaits === 'acceptance' ? accepted : replied)[p] = 1;
    continueAt(p, step.next, answerAt, at);
  }

  const hasRoom = (sender: SenderState): boolean =>
    sender.waiting.some((q, i) => q.head < q.prospects.length && roomFor(sender, Math.floor(i / windowZones)));

  for (let p = 0; p < audience; p++) if (node[p] !== NO_STEP) advance(p, start);
  const horizon = start + HORIZON_MS;
  while (agenda.size > 0 && agenda.peekTime() <= horizon) {
    const at = agenda.peekTime();
    const subject = agenda.pop();
    if (subject >= 0) advance(subject, at);
    else senderTurn(-subject - 1, at);
  }

  const allFinished = audience > 0 && finished === audience;
  return {
    finishBy: allFinished ? toIsoMillis(lastFinish) : null,
    workingDaysLeft: allFinished ? calendar.sendingDaysBetween(start, lastFinish) : 0,
    funnel: { enrolled: audience, contacted: total(contacted), accepted: total(accepted), replied: total(replied), finished },
    days: [...sendsByDay.keys()]
      .sort((a, b) => a - b)
      .map((day) => ({
        date: dateOfDay(day),
        sends: Object.fromEntries(DAILY_LIMIT_KINDS.map((k, i) => [k, sendsByDay.get(day)![i]!])),
      })) as Forecast['days'],
    bottleneck: stuck ?? bottleneckOf(audience, limitBlocked, hoursBlocked),
    limitsUsed,
  };
}

/** A day's limit of one kind: the daily limit, under warm-up at most that day's ceiling (contract 10.2). */
const dayLimit = (daily: number, warmUp: WarmUp | null, day: number): number =>
  warmUp === null ? daily : Math.min(daily, warmUpCeiling(warmUp, dateOfDay(day)));

/** A sender's new day: the days it leaves behind join its rolling week, its limits are that day's. */
function enterDay(sender: SenderState, day: number): void {
  const gap = Math.min(WEEK_DAYS, day - sender.day);
  const skipped = Array.from({ length: Math.max(0, gap - 1) }, () => sender.used.map(() => 0));
  sender.past = [...skipped, [...sender.used], ...sender.past].slice(0, WEEK_DAYS - 1);
  sender.day = day;
  sender.used.fill(0);
  sender.limits = sender.daily.map((daily) => dayLimit(daily, sender.warmUp, day));
}

/** Whether a sender may start one more action of kind `k` today: under the day's limit and its rolling week's. */
function roomFor(sender: SenderState, k: number): boolean {
  if (sender.used[k]! >= sender.limits[k]!) return false;
  const weekly = sender.weekly[k];
  if (weekly === null || weekly === undefined) return true;
  let week = sender.used[k]!;
  for (const day of sender.past) week += day[k]!;
  return week < weekly;
}

const headOrder = (queue: { order: number[]; head: number }): number => queue.order[queue.head]!;
const total = (flags: Uint8Array): number => flags.reduce((sum, f) => sum + f, 0);

/** The limit that held prospects back on the most sender-days; else the sending hours; else the waits. */
function bottleneckOf(audience: number, limitBlocked: Map<string, number>, hoursBlocked: number): Bottleneck {
  if (audience === 0) return { kind: 'none' };
  let worst: [string, number] | undefined;
  for (const entry of limitBlocked) if (!worst || entry[1] > worst[1]) worst = entry;
  if (worst) {
    const [channel, k] = worst[0].split(' ') as [Channel, string];
    return { kind: 'limit', limit: DAILY_LIMIT_KINDS[Number(k)]!, channel };
  }
  return hoursBlocked > 0 ? { kind: 'sending_hours' } : { kind: 'waits' };
}
