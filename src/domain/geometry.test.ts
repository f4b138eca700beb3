import { describe, expect, it } from 'vitest';
import { BRANCH_LABEL_HEIGHT, NODE_HEIGHT, NODE_WIDTH, nodeCenter, nominalSize, outputOffsetX } from './geometry';

describe('a step’s box before it is measured', () => {
  it('is taller for a step whose outputs are labelled branches', () => {
    expect(nominalSize('delay')).toEqual({ width: NODE_WIDTH, height: NODE_HEIGHT });
    expect(nominalSize('end')).toEqual({ width: NODE_WIDTH, height: NODE_HEIGHT });
    expect(nominalSize('connection_request')).toEqual({ width: NODE_WIDTH, height: NODE_HEIGHT + BRANCH_LABEL_HEIGHT });
    expect(nominalSize(undefined)).toEqual({ width: NODE_WIDTH, height: NODE_HEIGHT });
    expect(nominalSize('not a type')).toEqual({ width: NODE_WIDTH, height: NODE_HEIGHT });
  });

  it('has its centre half a box from its top-left corner', () => {
    expect(nodeCenter({ x: 10, y: 20 })).toEqual({ x: 10 + NODE_WIDTH / 2, y: 20 + NODE_HEIGHT / 2 });
    expect(nodeCenter({ x: 10, y: 20 }, { width: 100, height: 50 })).toEqual({ x: 60, y: 45 });
  });

  it('spreads its outputs evenly along the bottom', () => {
    expect(outputOffsetX(0, 1, 100)).toBe(50);
    expect([0, 1, 2].map((i) => outputOffsetX(i, 3, 200))).toEqual([50, 100, 150]);
    expect(outputOffsetX(0, 2)).toBe(NODE_WIDTH / 3);
  });
});
