// The module opencode loads. opencode 1.18 calls `server`; opencode 2 calls `setup`. Nothing else is exported:
// the 1.18 loader rejects a module whose exports are not plugin functions.
import { server } from './v1/server.js';
import { setup } from './v2/setup.js';

export default { id: 'opencode-semantic-anchors', server, setup };
