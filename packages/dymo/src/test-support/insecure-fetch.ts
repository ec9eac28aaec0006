// Tests only: a fetch that accepts the emulator's self-signed certificate. undici is Node's own
// fetch implementation; its Agent can skip certificate checks for this one fetch without
// touching process-wide TLS settings (NODE_TLS_REJECT_UNAUTHORIZED would affect every test).
import { Agent, fetch as undiciFetch } from 'undici';

const agent = new Agent({ connect: { rejectUnauthorized: false } });

export const insecureFetch: typeof fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : input.toString();
  const response = await undiciFetch(url, {
    method: init?.method,
    headers: init?.headers as Record<string, string> | undefined,
    body: init?.body as string | undefined,
    signal: init?.signal,
    dispatcher: agent,
  });
  // The global Response carries what the client reads (status, ok, text()).
  const empty = [101, 204, 205, 304].includes(response.status);
  return new Response(empty ? null : await response.arrayBuffer(), {
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(response.headers),
  });
};

export function closeInsecureAgent(): Promise<void> {
  return agent.close();
}
