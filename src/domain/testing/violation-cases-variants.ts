import { expect } from 'vitest';
import type { ViolationCase } from './violation-cases';
import { find } from './case-helpers';
import { inmailFallbackGraph, variantGraph } from './fixtures';

/** Contract 10.1 variants: their shape, their group, and their texts checked like the text they replace. */
export const VARIANT_CASES: ViolationCase[] = [
  {
    code: 'invalid_variants',
    name: 'a single variant',
    broken: () => {
      const g = variantGraph();
      (find(g, 'invite').data.variants as unknown[]).pop();
      find(g, 'invite').data.variantGroup = null;
      find(g, 'thanks').data.variantGroup = null;
      return g;
    },
    fixed: variantGraph,
    expected: { nodeId: 'invite', path: 'nodes.2.data.variants', severity: 'error', rule: '2' },
  },
  {
    code: 'invalid_variants',
    name: 'six variants',
    broken: () => {
      const g = variantGraph();
      find(g, 'invite').data.variants = ['a', 'b', 'c', 'd', 'e', 'e'].map((variantId, i) => ({ variantId, label: `V${i}`, text: 'Hi' }));
      return g;
    },
    fixed: variantGraph,
    expected: { nodeId: 'invite', path: 'nodes.2.data.variants' },
  },
  {
    code: 'invalid_variants',
    name: 'two variants with one id',
    broken: () => {
      const g = variantGraph();
      (find(g, 'thanks').data.variants as Array<{ variantId: string }>)[1]!.variantId = 'a';
      return g;
    },
    fixed: variantGraph,
    expected: { nodeId: 'thanks', path: 'nodes.3.data.variants.1.variantId', message: expect.stringContaining('Two variants are A') },
  },
  {
    code: 'invalid_variants',
    name: 'a variant with an empty text',
    broken: () => {
      const g = variantGraph();
      (find(g, 'thanks').data.variants as Array<{ text: string }>)[0]!.text = '  ';
      return g;
    },
    fixed: variantGraph,
    expected: { nodeId: 'thanks', path: 'nodes.3.data.variants.0.text', message: 'Message: Variant A has no message: write one' },
  },
  {
    code: 'invalid_variants',
    name: 'variants on an invitation sent without a note',
    broken: () => {
      const g = variantGraph();
      find(g, 'invite').data.send_empty_request = true;
      return g;
    },
    fixed: variantGraph,
    expected: { nodeId: 'invite', path: 'nodes.2.data.variants', message: expect.stringContaining('Send without a note') },
  },
  {
    code: 'invalid_variants',
    name: 'a subject on a variant of a step that sends none',
    broken: () => {
      const g = variantGraph();
      (find(g, 'thanks').data.variants as Array<Record<string, unknown>>)[1]!.subject = 'Hello';
      return g;
    },
    fixed: variantGraph,
    expected: { nodeId: 'thanks', path: 'nodes.3.data.variants.1.subject' },
  },
  {
    code: 'variant_group_size',
    name: 'a group whose steps have 2 and 3 variants',
    broken: () => {
      const g = variantGraph();
      (find(g, 'thanks').data.variants as unknown[]).push({ variantId: 'c', label: 'Question', text: 'Hi {{firstName}}, a question?' });
      return g;
    },
    fixed: variantGraph,
    expected: { nodeId: 'invite', path: 'nodes.2.data.variantGroup', severity: 'error', message: expect.stringContaining('“tone”') },
  },
  {
    code: 'invalid_field',
    name: 'a variant group name over 40 characters',
    broken: () => {
      const g = variantGraph();
      find(g, 'invite').data.variantGroup = 'x'.repeat(41);
      find(g, 'thanks').data.variantGroup = 'x'.repeat(41);
      return g;
    },
    fixed: variantGraph,
    expected: { nodeId: 'invite', path: 'nodes.2.data.variantGroup', severity: 'error' },
  },
  {
    code: 'template_invalid',
    name: 'a variant with a nested placeholder (checked like the message it replaces)',
    broken: () => {
      const g = variantGraph();
      (find(g, 'thanks').data.variants as Array<{ text: string }>)[1]!.text = 'Hi {{first{{name}}}}';
      return g;
    },
    fixed: variantGraph,
    expected: { nodeId: 'thanks', path: 'nodes.3.data.variants.1.text', severity: 'error' },
  },
  {
    code: 'provider_limit',
    name: 'a variant of a connection note over 300 characters',
    broken: () => {
      const g = variantGraph();
      (find(g, 'invite').data.variants as Array<{ text: string }>)[0]!.text = 'x'.repeat(301);
      return g;
    },
    fixed: variantGraph,
    expected: {
      nodeId: 'invite',
      path: 'nodes.2.data.variants.0.text',
      severity: 'warning',
      message: expect.stringContaining('(variant A)'),
    },
  },
  {
    code: 'provider_limit',
    name: 'an InMail variant subject over 200 characters',
    broken: () => {
      const g = inmailFallbackGraph();
      find(g, 'inmail').data.variants = [
        { variantId: 'a', label: 'Plain', text: 'Hi {{firstName}}' },
        { variantId: 'b', label: 'Long subject', text: 'Hi {{firstName}}', subject: 'y'.repeat(201) },
      ];
      return g;
    },
    fixed: inmailFallbackGraph,
    expected: { nodeId: 'inmail', path: 'nodes.4.data.variants.1.subject', severity: 'warning' },
  },
];
