// Collects what axe found on each checked screen, prints it as a table by rule and route, and
// leaves a one-line summary for e2e/run.ts to print at the very end of the run.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA, as axe tags it. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Impacts that fail the run. */
const BLOCKING = new Set(['serious', 'critical']);

export interface Finding {
  rule: string;
  impact: string;
  route: string;
  context: string;
  nodes: number;
  /** The first offending elements and axe's reason, so the table says where to look. */
  example: string;
}

export interface CheckContext {
  /** "admin", "lite", "signed out"… */
  account: string;
  /** "default", "900 px, menu collapsed", "right-to-left"… */
  layout: string;
  route: string;
}

const findings: Finding[] = [];
const checked = new Set<string>();
/** Per account: the routes and layouts it was checked in. */
const coverage = new Map<string, { routes: Set<string>; layouts: Set<string> }>();

/**
 * Rules axe ships turned off (marked experimental) that the gate runs too: a control whose
 * accessible name does not contain its visible text can't be operated by voice ("click Export").
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** Runs axe with the WCAG 2.2 AA tags (and the extra rules) on the page as it is now and records what it finds. */
export async function checkPage(page: Page, where: CheckContext): Promise<Finding[]> {
  // Colours are judged at rest: with reduced motion Bootstrap drops its transitions, so a button
  // the pointer has just left is not measured halfway between its hover and resting colours (a
  // transition caught by axe read as 1.04:1). The setting stays on for the rest of the page's life.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The options first: withTags adds its runOnly to them.
  const result = await new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).withTags(WCAG_TAGS).analyze();
  checked.add(`${where.account}|${where.layout}|${where.route}`);
  const covered = coverage.get(where.account) ?? { routes: new Set<string>(), layouts: new Set<string>() };
  covered.routes.add(where.route);
  covered.layouts.add(where.layout);
  coverage.set(where.account, covered);
  const found = result.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    route: where.route,
    context: `${where.account}, ${where.layout}`,
    nodes: violation.nodes.length,
    example: `${violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(', ')}: ${(violation.nodes[0]?.failureSummary ?? violation.help).replace(/\s+/g, ' ').slice(0, 200)}`,
  }));
  findings.push(...found);
  return found;
}

export const isBlocking = (finding: Finding): boolean => BLOCKING.has(finding.impact);

/** The table of violations by rule and route, and the summary line. */
export function report(): { table: string; summary: string; blocking: number } {
  const blocking = findings.filter(isBlocking).length;
  const rows = [...findings].sort((a, b) => a.rule.localeCompare(b.rule) || a.route.localeCompare(b.route));
  const table =
    rows.length === 0
      ? 'Accessibility: no violations.'
      : [
          'Accessibility violations (rule | impact | route | account, layout | elements | example)',
          ...rows.map((f) => `${f.rule} | ${f.impact} | ${f.route} | ${f.context} | ${f.nodes} | ${f.example}`),
        ].join('\n');
  const perAccount = [...coverage].map(([account, { routes, layouts }]) => `${account} ${routes.size} screens × ${layouts.size} layouts`);
  const summary =
    `Accessibility (WCAG 2.2 AA, axe): ${checked.size} route × account × layout checks (${perAccount.join('; ')}); ` +
    `${blocking} serious or critical violations, ${findings.length - blocking} moderate or minor.`;
  return { table, summary, blocking };
}

/** Leaves the summary where e2e/run.ts prints it once every test has run. */
export function writeSummary(summary: string): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) writeFileSync(path.join(dir, 'a11y-summary.txt'), `${summary}\n`, { flag: 'a' });
}
