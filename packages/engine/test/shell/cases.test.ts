// Every YAML table under cases/ is one describe block; every case one test named for the behaviour it pins.
import { describe, it } from 'vitest';
import { caseFiles, checkCase, loadCases } from './run-cases.js';

for (const file of caseFiles()) {
  describe(file.replace(/\.yaml$/, ''), () => {
    for (const test of loadCases(file)) it(test.name, () => void checkCase(test));
  });
}
