// Reads the newest verification code mailed to `recipient` from the dev outbox page
// (the embedded default keeps transactional mail there instead of sending it).
export async function readVerificationCode(baseUrl: string, recipient: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const html = await (await fetch(`${baseUrl}/dev/outbox`)).text();
    const start = html.indexOf(recipient);
    if (start >= 0) {
      const code = /\b(\d{6})\b/.exec(html.slice(start))?.[1];
      if (code) return code;
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`no verification code for ${recipient} in /dev/outbox`);
}
