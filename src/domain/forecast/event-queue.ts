/**
 * The simulation's agenda: a binary min-heap of (time, order of scheduling, subject), so events at
 * the same instant come out in the order they were scheduled and every run is the same.
 */
export class EventQueue {
  private times: number[] = [];
  private orders: number[] = [];
  private subjects: number[] = [];
  private scheduled = 0;

  get size(): number {
    return this.times.length;
  }

  push(time: number, subject: number): void {
    const { times, orders, subjects } = this;
    const order = this.scheduled++;
    let at = times.length;
    times.push(time);
    orders.push(order);
    subjects.push(subject);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (times[parent]! < time || (times[parent] === time && orders[parent]! < order)) break;
      times[at] = times[parent]!;
      orders[at] = orders[parent]!;
      subjects[at] = subjects[parent]!;
      at = parent;
    }
    times[at] = time;
    orders[at] = order;
    subjects[at] = subject;
  }

  /** The earliest event's time (call only when not empty). */
  peekTime(): number {
    return this.times[0]!;
  }

  /** Removes the earliest event and returns its subject (call only when not empty). */
  pop(): number {
    const { times, orders, subjects } = this;
    const top = subjects[0]!;
    const time = times.pop()!;
    const order = orders.pop()!;
    const subject = subjects.pop()!;
    const size = times.length;
    if (size === 0) return top;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= size) break;
      const right = left + 1;
      const child =
        right < size && (times[right]! < times[left]! || (times[right] === times[left] && orders[right]! < orders[left]!)) ? right : left;
      if (time < times[child]! || (time === times[child] && order < orders[child]!)) break;
      times[at] = times[child]!;
      orders[at] = orders[child]!;
      subjects[at] = subjects[child]!;
      at = child;
    }
    times[at] = time;
    orders[at] = order;
    subjects[at] = subject;
    return top;
  }
}
