// mailauth ships no types for its DMARC record lookup; this is the part we call.
declare module 'mailauth/lib/dmarc/get-dmarc-record.js' {
  export type DmarcRecord = {
    v: string;
    p?: string;
    sp?: string;
    rua?: string;
    // The record as published.
    rr: string;
    // The domain it was found at: the mailbox's own, or its organisational domain's.
    recordDomain: string;
    isOrgRecord: boolean;
  };
  const getDmarcRecord: (
    domain: string,
    resolver: (name: string, type: string) => Promise<unknown>,
  ) => Promise<DmarcRecord | false>;
  export default getDmarcRecord;
}
