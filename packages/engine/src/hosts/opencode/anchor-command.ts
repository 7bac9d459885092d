// The `/anchor` command line: parses what the human typed into one of the subcommands. Only a human can reach
// this (it arrives through the host's command channel, never through a tool), which is what makes bypass safe.
// The plugin reads the live command with it, and replay reads the command the answer echoes: one grammar.

export type AnchorCommand =
  | { readonly kind: 'status' }
  | { readonly kind: 'bypass'; readonly reason: string }
  | { readonly kind: 'reload'; readonly confirm: boolean }
  | { readonly kind: 'role'; readonly role: string }
  | { readonly kind: 'explain' }
  | { readonly kind: 'help'; readonly problem: string };

export function parseAnchorCommand(text: string): AnchorCommand {
  const trimmed = text.trim();
  const [head = '', ...rest] = trimmed.split(/\s+/);
  const tail = trimmed.slice(head.length).trim();
  switch (head.toLowerCase()) {
    case '':
    case 'status':
      return { kind: 'status' };
    case 'bypass':
      return { kind: 'bypass', reason: tail };
    case 'reload':
      if (rest.length === 0) return { kind: 'reload', confirm: false };
      return rest.length === 1 && rest[0]!.toLowerCase() === 'confirm'
        ? { kind: 'reload', confirm: true }
        : { kind: 'help', problem: `"/anchor reload" takes nothing or "confirm", not "${tail}"` };
    case 'role':
      return rest.length === 1
        ? { kind: 'role', role: rest[0]! }
        : { kind: 'help', problem: 'give exactly one role id: /anchor role <id>' };
    case 'explain':
      return { kind: 'explain' };
    default:
      return { kind: 'help', problem: `unknown subcommand "${head}"` };
  }
}
