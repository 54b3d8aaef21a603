// The JSON API of `gamesolver serve` (documented at /api/openapi.json).
import { language, t } from "./i18n.js";

/**
 * An error answer of the API: `status`, `kind` (e.g. "illegal_move") and
 * message. The server writes its messages in English; in another language
 * the message is led by the kind's name in that language when there is one
 * (`error.kind.illegal_move`).
 */
export class ApiError extends Error {
  constructor(status, body) {
    const kind = body && body.error ? body.error : "http";
    const message = body && body.message ? body.message : t("error.http", { status });
    const key = `error.kind.${kind}`;
    const lead = language() === "en" ? key : t(key);
    super(lead === key ? message : t("error.led", { lead, message }));
    this.status = status;
    this.kind = kind;
  }
}

async function answer(response) {
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

/** POST `body` as JSON to /api`path`; resolves to the JSON answer. */
export async function post(path, body) {
  return answer(await fetch(`/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }));
}

/** GET /api`path`. */
export async function get(path) {
  return answer(await fetch(`/api${path}`));
}

/**
 * Live analysis over server-sent events: `onInfo(report)` for each deepening,
 * `onDone(report)` at the end, `onError(message)` on failure.
 * Returns a function that stops the analysis.
 */
export function analyseLive(request, { onInfo, onDone, onError }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, Array.isArray(value) ? value.join(" ") : String(value));
  }
  const source = new EventSource(`/api/analyse/stream?${params}`);
  let finished = false;
  const finish = () => { finished = true; source.close(); };
  source.addEventListener("info", (event) => onInfo && onInfo(JSON.parse(event.data)));
  source.addEventListener("done", (event) => { finish(); onDone && onDone(JSON.parse(event.data)); });
  source.addEventListener("error", (event) => {
    if (finished) return;
    finish();
    let message = t("analysis.stream_failed");
    if (event.data) { try { message = JSON.parse(event.data).message; } catch { /* keep */ } }
    onError && onError(message);
  });
  return finish;
}
