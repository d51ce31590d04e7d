import { Text } from '@mantine/core';
import type { WidgetMethods } from 'altcha/types';
import type {} from 'altcha/types/react';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { altchaChallengeUrl, useBotCheckConfig } from '../api/get-bot-check-config.ts';

// What the search form needs of a bot check: a token for the next search (each is used once)
// and a fresh start after it was spent.
export type BotCheckHandle = {
  token: () => Promise<string | null>;
  reset: () => void;
};

type AltchaElement = HTMLElement & Partial<WidgetMethods>;
type StateDetail = { state?: string; payload?: string | null };

// ALTCHA, self-hosted proof of work: the widget fetches its challenge from our server and
// solves it when the form is focused, or at the latest when the search is sent.
function AltchaCheck({ handle }: { handle: Ref<BotCheckHandle> }) {
  const widget = useRef<AltchaElement>(null);
  const payload = useRef<string | null>(null);

  useEffect(() => {
    // The package defines the <altcha-widget> element when loaded.
    import('altcha').catch(() => {});
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (element === null) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<StateDetail>).detail;
      payload.current = detail?.state === 'verified' ? (detail.payload ?? null) : null;
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, []);

  useImperativeHandle(handle, () => ({
    async token() {
      if (payload.current !== null) return payload.current;
      const result = await widget.current?.verify?.();
      return result?.payload ?? null;
    },
    reset() {
      payload.current = null;
      widget.current?.reset?.();
    },
  }));

  return (
    <altcha-widget
      ref={widget}
      challenge={altchaChallengeUrl}
      auto="onfocus"
      configuration={JSON.stringify({ hideFooter: true })}
    />
  );
}

type TurnstileApi = {
  render: (
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
    },
  ) => string;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
};

const turnstileScript = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

function turnstileApi(): TurnstileApi | undefined {
  return (window as Window & { turnstile?: TurnstileApi }).turnstile;
}

// Cloudflare's script is fetched only when the server is configured for Turnstile.
function loadTurnstile(): Promise<TurnstileApi> {
  const loaded = turnstileApi();
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    let script = document.querySelector<HTMLScriptElement>(`script[src="${turnstileScript}"]`);
    if (script === null) {
      script = document.createElement('script');
      script.src = turnstileScript;
      script.async = true;
      document.head.append(script);
    }
    script.addEventListener('load', () => {
      const api = turnstileApi();
      if (api) resolve(api);
      else reject(new Error('Turnstile did not load'));
    });
    script.addEventListener('error', () => reject(new Error('Turnstile did not load')));
  });
}

function TurnstileCheck({ siteKey, handle }: { siteKey: string; handle: Ref<BotCheckHandle> }) {
  const container = useRef<HTMLDivElement>(null);
  const token = useRef<string | null>(null);
  const widgetId = useRef<string | null>(null);

  useEffect(() => {
    let active = true;
    loadTurnstile()
      .then((api) => {
        if (!active || container.current === null) return;
        widgetId.current = api.render(container.current, {
          sitekey: siteKey,
          callback: (value) => {
            token.current = value;
          },
          'expired-callback': () => {
            token.current = null;
          },
        });
      })
      .catch(() => {});
    return () => {
      active = false;
      if (widgetId.current !== null) turnstileApi()?.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [siteKey]);

  useImperativeHandle(handle, () => ({
    token: async () => token.current,
    reset() {
      token.current = null;
      if (widgetId.current !== null) turnstileApi()?.reset(widgetId.current);
    },
  }));

  return <div ref={container} data-testid="turnstile" />;
}

// product-spec §5: guests also send a bot-check token.
export function BotCheck({ handle }: { handle: Ref<BotCheckHandle> }) {
  const config = useBotCheckConfig();
  if (config.isPending)
    return (
      <Text size="sm" c="dimmed">
        Loading the bot check…
      </Text>
    );
  if (config.data?.provider === 'turnstile' && config.data.siteKey) {
    return <TurnstileCheck siteKey={config.data.siteKey} handle={handle} />;
  }
  return <AltchaCheck handle={handle} />;
}
