// The module opencode loads. opencode 1.18 calls `server`; opencode 2 calls `setup`. Nothing else is exported:
// the 1.18 loader rejects a module whose exports are not plugin functions. The object is checked against both
// hosts' module types: 1.18's `PluginModule` from its own package, opencode 2's from the adapter's declarations.
import type { PluginModule } from '@opencode-ai/plugin';
import { server } from './v1/server.js';
import type { V2Context, V2Plugin } from './v2/host-types.js';

// opencode 2's adapter is imported when opencode 2 calls it: a 1.18 start does not parse it (nor the core it brings).
const setup = async (ctx: V2Context) => (await import('./v2/setup.js')).setup(ctx);

export default { id: 'opencode-semantic-anchors', server, setup } satisfies PluginModule & V2Plugin;
