// Local ports a team opened (settings.sandbox.localPorts) for any client, not only HTTP ones: inside the sandbox the
// loopback interface is the sandbox's own, so a forwarder listens there on each port and carries the connection
// through the sandbox's proxy (which allows exactly these ports for this call) to this machine's port. Takes the
// ports; returns the shell text run before the agent's command (empty when there are none).
// The proxy's address and this call's credentials are read from HTTP_PROXY inside the sandbox (percent-encoded
// base64 in the user name, as the library writes it); socat is one of the sandbox's own dependencies.

export function localPortsPrefix(ports: readonly number[]): string {
  if (ports.length === 0) return '';
  const list = ports.filter((p) => Number.isInteger(p) && p > 0 && p < 65536).join(' ');
  return [
    `__sa_auth=$(printf '%s' "$HTTP_PROXY" | sed -e 's#^[a-z]*://##' -e 's#@[^@]*$##' -e 's/%3D/=/g' -e 's/%2B/+/g' -e 's#%2F#/#g')`,
    `__sa_pport=$(printf '%s' "$HTTP_PROXY" | sed -e 's#.*:##' -e 's#/.*##')`,
    `for __sa_p in ${list}; do`,
    `  socat TCP4-LISTEN:$__sa_p,bind=127.0.0.1,fork,reuseaddr "PROXY:localhost:127.0.0.1:$__sa_p,proxyport=$__sa_pport,proxyauth=$__sa_auth" 2>/dev/null &`,
    `  socat TCP6-LISTEN:$__sa_p,bind=[::1],fork,reuseaddr "PROXY:localhost:127.0.0.1:$__sa_p,proxyport=$__sa_pport,proxyauth=$__sa_auth" 2>/dev/null &`,
    'done',
    'unset __sa_auth __sa_pport __sa_p',
    '',
  ].join('\n');
}
