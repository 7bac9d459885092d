// A login that stores what it reads on stdin (stdin.credential in a program's declaration): the text it reads — from a
// pipe, a here-string, a heredoc or a file the session wrote — is the command's input, so a contract's run.text sees
// the token it stores. `dart pub token add` (and flutter's) joined gh, docker and git credential in stop 47.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';

const inputOf = (command: string) => parseShell(command).commands.map((c) => c.input?.text);

describe('dart and flutter pub token add read the token they store on stdin', () => {
  it('hands a heredoc, a here-string and a pipe from a literal producer to the program', () => {
    expect(inputOf("dart pub token add https://pub.dev <<'EOF'\npub_tok_a8f3K29d\nEOF")).toEqual([
      'pub_tok_a8f3K29d\n',
    ]);
    expect(inputOf("flutter pub token add https://pub.dev <<< 'pub_tok_a8f3K29d'")).toEqual(['pub_tok_a8f3K29d\n']);
    expect(inputOf('echo pub_tok_a8f3K29d | dart pub token add https://pub.dev').at(-1)).toBe('pub_tok_a8f3K29d\n');
  });

  it('gives no input to its other commands, nor where no text is handed over', () => {
    expect(inputOf("dart pub get <<'EOF'\npub_tok_a8f3K29d\nEOF")).toEqual([undefined]);
    expect(inputOf('dart pub token add https://pub.dev --env-var PUB_TOKEN')).toEqual([undefined]);
    expect(inputOf('dart pub token list')).toEqual([undefined]);
  });

  it('reads --env-var as an option with a value, not as the hosted URL', () => {
    const [command] = parseShell('dart pub token add --env-var PUB_TOKEN https://pub.dev').commands;
    expect(command?.positionals).toEqual(['pub', 'token', 'add', 'https://pub.dev']);
  });
});
