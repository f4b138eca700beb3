import { Position } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { edgeShape, fitRoute, midpoint, roundedPath, toolsTransform } from './edge-geometry';

const ends = (sx: number, sy: number, tx: number, ty: number) => ({
  sourceX: sx,
  sourceY: sy,
  targetX: tx,
  targetY: ty,
  sourcePosition: Position.Bottom,
  targetPosition: Position.Top,
});

describe('roundedPath', () => {
  it('draws nothing for fewer than two points', () => {
    expect(roundedPath([])).toBe('');
    expect(roundedPath([{ x: 1, y: 1 }])).toBe('');
  });

  it('draws a straight piece as a plain line', () => {
    expect(
      roundedPath([
        { x: 0, y: 0 },
        { x: 0, y: 50 },
      ]),
    ).toBe('M 0 0 L 0 50');
  });

  it('rounds a corner with the radius, starting and ending the curve that far from the corner', () => {
    const d = roundedPath(
      [
        { x: 0, y: 0 },
        { x: 0, y: 100 },
        { x: 100, y: 100 },
      ],
      10,
    );
    expect(d).toBe('M 0 0 L 0 90 Q 0 100 10 100 L 100 100');
  });

  it('never rounds more than half of the shorter piece, so curves do not overlap', () => {
    const d = roundedPath(
      [
        { x: 0, y: 0 },
        { x: 0, y: 8 },
        { x: 100, y: 8 },
      ],
      10,
    );
    expect(d).toBe('M 0 0 L 0 4 Q 0 8 4 8 L 100 8');
  });
});

describe('midpoint', () => {
  it('finds the point halfway along the whole polyline and says whether its piece is vertical', () => {
    // Lengths 100 (down) + 300 (right): the middle (200) is 100 along the horizontal piece.
    expect(
      midpoint([
        { x: 0, y: 0 },
        { x: 0, y: 100 },
        { x: 300, y: 100 },
      ]),
    ).toEqual({ x: 100, y: 100, vertical: false });
    expect(
      midpoint([
        { x: 0, y: 0 },
        { x: 0, y: 300 },
        { x: 100, y: 300 },
      ]),
    ).toEqual({ x: 0, y: 200, vertical: true });
  });

  it('does not fail on a route of one repeated point', () => {
    expect(
      midpoint([
        { x: 5, y: 5 },
        { x: 5, y: 5 },
      ]),
    ).toEqual({ x: 5, y: 5, vertical: true });
  });
});

describe('fitRoute', () => {
  const route = [
    { x: 100, y: 50 },
    { x: 100, y: 80 },
    { x: 200, y: 80 },
    { x: 200, y: 120 },
  ];

  it('moves the route’s ends onto the handles React Flow draws a few pixels off', () => {
    const fitted = fitRoute(route, { x: 102, y: 56 }, { x: 199, y: 114 })!;
    expect(fitted[0]).toEqual({ x: 102, y: 56 });
    expect(fitted[1]).toEqual({ x: 102, y: 80 });
    expect(fitted.at(-2)).toEqual({ x: 199, y: 80 });
    expect(fitted.at(-1)).toEqual({ x: 199, y: 114 });
    expect(route[0]).toEqual({ x: 100, y: 50 }); // the stored route is not changed
  });

  it('gives up when an end moved (a step is being dragged) or there is no route', () => {
    expect(fitRoute(route, { x: 140, y: 50 }, { x: 200, y: 120 })).toBeNull();
    expect(fitRoute(route, { x: 100, y: 50 }, { x: 200, y: 180 })).toBeNull();
    expect(fitRoute(undefined, { x: 100, y: 50 }, { x: 200, y: 120 })).toBeNull();
    expect(fitRoute([{ x: 100, y: 50 }], { x: 100, y: 50 }, { x: 100, y: 50 })).toBeNull();
  });
});

describe('edgeShape', () => {
  it('draws along the stored route when it fits the ends', () => {
    const route = [
      { x: 0, y: 0 },
      { x: 0, y: 100 },
      { x: 300, y: 100 },
      { x: 300, y: 200 },
    ];
    const shape = edgeShape(route, ends(0, 0, 300, 200));
    expect(shape.path).toBe(roundedPath(route));
    expect(shape).toMatchObject({ labelX: 150, labelY: 100, vertical: false });
  });

  it('falls back to the plain step path between the ends when the route does not fit', () => {
    const shape = edgeShape(
      [
        { x: 999, y: 999 },
        { x: 999, y: 1999 },
      ],
      ends(0, 0, 0, 200),
    );
    expect(shape.path).toBe('M0 0L0 200');
    expect(shape).toMatchObject({ labelX: 0, labelY: 100, vertical: true });
  });
});

it('toolsTransform centres a mark on the point', () => {
  expect(toolsTransform(12, 34)).toBe('translate(-50%, -50%) translate(12px, 34px)');
});
