// Local ports a team opened (settings.sandbox.localPorts) for any client, not only HTTP ones: inside the sandbox the
// loopback interface is the sandbox's own, so a forwarder listens there on each port and carries the connection
// through the sandbox's proxy (which allows exactly these ports for this call) to this machine's port. Takes the
// ports; returns the shell text run before the agent's command (empty when there are none).
// The proxy's address and this call's credentials are read from HTTP_PROXY inside the sandbox (percent-encoded
// base64 in the user name, as the library writes it); socat is one of the sandbox's own dependencies.
// The forwarders start in the background, so the text then waits (at most about two seconds) until each one is
// listening: a command whose first act is to connect (`curl 127.0.0.1:3000 && …`) would otherwise race them and be
// refused now and then — a flaky dev server is the kind of honest-work failure that makes a team turn the sandbox off.
// Readiness is read from /proc/net/tcp and tcp6, which inside the sandbox list only its own network namespace.

export function localPortsPrefix(ports: readonly number[]): string {
  if (ports.length === 0) return '';
  const valid = ports.filter((p) => Number.isInteger(p) && p > 0 && p < 65536);
  const list = valid.join(' ');
  // "<address>:<PORT> <remote> 0A": the local end on this port, in state LISTEN.
  const listening = (file: string, p: number): string =>
    `grep -qE ':${p.toString(16).toUpperCase().padStart(4, '0')} [0-9A-F]+:[0-9A-F]+ 0A ' ${file} 2>/dev/null`;
  // IPv6 only where the kernel has it (no /proc/net/tcp6 means no ::1 to listen on).
  const ready = valid
    .map((p) => `${listening('/proc/net/tcp', p)} && { [ ! -e /proc/net/tcp6 ] || ${listening('/proc/net/tcp6', p)}; }`)
    .join(' && ');
  return [
    `__sa_auth=$(printf '%s' "$HTTP_PROXY" | sed -e 's#^[a-z]*://##' -e 's#@[^@]*$##' -e 's/%3D/=/g' -e 's/%2B/+/g' -e 's#%2F#/#g')`,
    `__sa_pport=$(printf '%s' "$HTTP_PROXY" | sed -e 's#.*:##' -e 's#/.*##')`,
    `for __sa_p in ${list}; do`,
    `  socat TCP4-LISTEN:$__sa_p,bind=127.0.0.1,fork,reuseaddr "PROXY:localhost:127.0.0.1:$__sa_p,proxyport=$__sa_pport,proxyauth=$__sa_auth" 2>/dev/null &`,
    `  socat TCP6-LISTEN:$__sa_p,bind=[::1],fork,reuseaddr "PROXY:localhost:127.0.0.1:$__sa_p,proxyport=$__sa_pport,proxyauth=$__sa_auth" 2>/dev/null &`,
    'done',
    `__sa_i=0; until { ${ready}; } || [ $__sa_i -ge 200 ]; do sleep 0.01; __sa_i=$((__sa_i + 1)); done`,
    'unset __sa_auth __sa_pport __sa_p __sa_i',
    '',
  ].join('\n');
}
