// A realistic 500-line contract file for the re-validation benchmark: extends two presets, then many contracts of
// every trigger kind, each with examples (so validation runs them, as it does for a user's file).
export function largeContractFile(lines = 500) {
  const out = ['version: 1', 'extends: [software-developer, qa-engineer]', 'contracts:'];
  for (let i = 0; out.length + 15 <= lines; i++) {
    out.push(
      `  - id: bench-rule-${i}`,
      `    description: Benchmark rule ${i}, a force-push guard with an exception.`,
      `    mode: ${i % 2 ? 'WARN' : 'BLOCK'}`,
      '    anchorRefs: [github-flow]',
      '    when:',
      `      - tool: { name: bash, command: '\\bgit\\s+push\\b.*--force.*bench-${i}' }`,
      `      - tool: { name: [write, edit], path: ['generated-${i}/**', '!generated-${i}/keep/**'] }`,
      '    unless:',
      "      tool: { command: '--force-with-lease' }",
      `    message: Do not do that (rule ${i}).`,
      '    examples:',
      `      - event: { tool: bash, args: { command: git push --force origin bench-${i} } }`,
      `        expect: ${i % 2 ? 'WARN' : 'BLOCK'}`,
      '      - event: { tool: bash, args: { command: git push origin main } }',
      '        expect: ALLOW',
    );
  }
  // Whole contracts only; comment lines make up the exact count.
  while (out.length < lines) out.push(`# padding line ${out.length + 1}`);
  return `${out.join('\n')}\n`;
}
