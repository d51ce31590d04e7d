import dns2 from 'dns2';
import { createZone, type QueryType, type ZoneRecord } from './dns-zone.ts';
import type { LabSpec } from './lab-spec.ts';

const { Packet } = dns2;

const typeNames = new Map<number, QueryType>([
  [Packet.TYPE.A, 'A'],
  [Packet.TYPE.AAAA, 'AAAA'],
  [Packet.TYPE.MX, 'MX'],
  [Packet.TYPE.CNAME, 'CNAME'],
  [Packet.TYPE.TXT, 'TXT'],
  [Packet.TYPE.PTR, 'PTR'],
]);

// RFC 1035 §3.3.14: a TXT record is a list of strings of at most 255 octets each; a long one
// (a DKIM key) goes out in pieces that resolvers join again.
function txtStrings(data: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < data.length; start += 255)
    pieces.push(data.slice(start, start + 255));
  return pieces.length > 0 ? pieces : [''];
}

function toResource(record: ZoneRecord): Record<string, unknown> {
  const base = { name: record.name, class: Packet.CLASS.IN, ttl: record.ttl };
  switch (record.type) {
    case 'A':
      return { ...base, type: Packet.TYPE.A, address: record.address };
    case 'AAAA':
      return { ...base, type: Packet.TYPE.AAAA, address: record.address };
    case 'MX':
      return {
        ...base,
        type: Packet.TYPE.MX,
        priority: record.priority,
        exchange: record.exchange,
      };
    case 'CNAME':
      return { ...base, type: Packet.TYPE.CNAME, domain: record.domain };
    case 'PTR':
      return { ...base, type: Packet.TYPE.PTR, domain: record.domain };
    case 'TXT':
      return { ...base, type: Packet.TYPE.TXT, data: txtStrings(record.data) };
  }
}

export interface LabDnsServer {
  address: string;
  port: number;
  queries: () => number;
  close: () => Promise<void>;
}

// A UDP DNS server on loopback answering the lab's zone.
export async function startDnsServer(spec: LabSpec, host = '127.0.0.1'): Promise<LabDnsServer> {
  const zone = createZone(spec);
  let queries = 0;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      queries++;
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const type = question ? typeNames.get(question.type) : undefined;
      if (!question || !type) {
        response.header.rcode = Packet.RCODE.NOTIMP;
        send(response);
        return;
      }
      const answer = zone(question.name, type);
      // Authoritative, as a real zone's name server would be.
      response.header.aa = 1;
      response.header.rcode = answer.rcode === 'NXDOMAIN' ? Packet.RCODE.NXDOMAIN : 0;
      for (const record of answer.answers) {
        response.answers.push(toResource(record) as unknown as (typeof response.answers)[number]);
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: host } });
  const port = addresses.udp?.port;
  if (!port) throw new Error('The lab DNS server did not report its port');
  return {
    address: host,
    port,
    queries: () => queries,
    close: () => server.close(),
  };
}
