// The accessibility check the browser tests share (issue 15): axe-core, pinned in
// package.json like playwright-core, run inside the page as it stands. The page's
// policy runs only its own scripts, so axe goes in through the debugger's evaluation
// (which no Content-Security-Policy governs) rather than as a <script> tag.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// WCAG 2.1 A and AA, and axe's best practices (landmarks, one h1, scrollable regions).
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

/** Every axe violation on the page: id, impact, help, and each failing node's target and markup. */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate((tags) => window.axe.run(document, {
    runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'],
  }), AXE_TAGS);
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160), why: n.failureSummary })),
  }));
}

/** A violation in words a failing test can print: the rule, its impact, and where. */
export function describeViolation(v, where) {
  const nodes = v.nodes.map((n) => `    ${n.target}\n      ${n.html}\n      ${(n.why ?? '').replace(/\n\s*/g, ' ')}`);
  return `${where}: ${v.id} (${v.impact}) ${v.help}, ${v.nodes.length} node(s)\n${nodes.join('\n')}`;
}

/**
 * Runs axe on the page and returns the serious and critical violations in words (the
 * ones that fail a test) and the moderate and minor ones (worth a diagnostic line).
 */
export async function checkAccessibility(page, where) {
  const violations = await axeViolations(page);
  return {
    problems: violations.filter((v) => BLOCKING.has(v.impact)).map((v) => describeViolation(v, where)),
    minor: violations.filter((v) => !BLOCKING.has(v.impact)).map((v) => `${where}: ${v.id} (${v.impact}) ×${v.nodes.length}`),
  };
}
