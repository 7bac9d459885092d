// What the printers and filters that the shell model computes (decoders.ts, filter-output.ts, print-output.ts) read:
// one input, a file the session wrote or stdin, as the programs themselves take it.

/** The text of a file the call or the session wrote, by path; undefined when it is not known. */
export type Read = (path: string) => string | undefined;

/** The one input: the single operand's text, or stdin with none (`-` too); undefined with several or unknown. */
export function singleInput(operands: readonly string[], stdin: string | undefined, file: Read): string | undefined {
  if (operands.length === 0 || (operands.length === 1 && operands[0] === '-')) return stdin;
  return operands.length === 1 ? file(operands[0]!) : undefined;
}

/** The text's lines, each with its line end (the last one may have none). */
export const linesOf = (text: string): string[] => text.split(/(?<=\n)/);
