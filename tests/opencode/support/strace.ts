// Reads `strace -f -e trace=connect,sendto,sendmsg` output: takes the trace text; returns every internet address
// the process tried to reach — connect() targets and datagrams sent to an address — so DNS lookups count too.

export interface Connection {
  readonly family: 'AF_INET' | 'AF_INET6';
  readonly address: string;
  readonly port: number;
  readonly line: string;
}

const INET = /sa_family=AF_INET, sin_port=htons\((\d+)\), sin_addr=inet_addr\("([^"]+)"\)/;
const INET6 = /sa_family=AF_INET6, sin6_port=htons\((\d+)\).*?inet_pton\(AF_INET6, "([^"]+)"/;

export function internetConnections(trace: string): Connection[] {
  return trace.split('\n').flatMap((line): Connection[] => {
    if (!/\b(connect|sendto|sendmsg)\(/.test(line)) return [];
    const v4 = INET.exec(line);
    if (v4) return [{ family: 'AF_INET', port: Number(v4[1]), address: v4[2] ?? '', line }];
    const v6 = INET6.exec(line);
    if (v6) return [{ family: 'AF_INET6', port: Number(v6[1]), address: v6[2] ?? '', line }];
    return [];
  });
}
