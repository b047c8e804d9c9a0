// Jest's own order (failed suites first, then the slowest), except on a run that has to build
// the settled portal first (changed server code, or the first run of the day): then the suites
// that start a test portal go after all the others. They would otherwise start before the
// template is ready and each do a portal's whole first start (about 20 s of CPU, beside the
// template's own build on the same two cores); behind the other suites they start on it.
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;
const { portalTemplateReady } = require('./templates.cjs');

const STARTS_A_PORTAL = /\bstartPortal\(/;

class PortalSuitesAfterTheTemplate extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (portalTemplateReady()) return sorted;
    const startsPortal = new Set(sorted.filter((test) => STARTS_A_PORTAL.test(fs.readFileSync(test.path, 'utf8'))));
    return [...sorted.filter((test) => !startsPortal.has(test)), ...sorted.filter((test) => startsPortal.has(test))];
  }
}

module.exports = PortalSuitesAfterTheTemplate;
