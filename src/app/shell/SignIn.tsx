import { useState, type FormEvent } from 'react';
import { useSession } from '../session';

/** Paste an API key (the server prints a sign-in link at every start on this computer), optionally a server base URL. */
export function SignIn() {
  const signIn = useSession((s) => s.signIn);
  const rejected = useSession((s) => s.rejected);
  // A refused key stays in the form with the reason, so a typo can be fixed rather than retyped.
  const [apiKey, setApiKey] = useState(rejected?.apiKey ?? '');
  const [baseUrl, setBaseUrl] = useState(rejected?.baseUrl ?? '');
  const [error, setError] = useState<string | null>(
    rejected ? 'The server did not accept this API key. Check that it is complete and belongs to this server.' : null,
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (apiKey.trim().length < 8) return setError('Paste the full API key printed when the server started.');
    if (baseUrl && !/^https?:\/\//.test(baseUrl)) return setError('The server URL must start with http:// or https://.');
    signIn(apiKey, baseUrl);
  };

  return (
    <main className="signin">
      <form className="card signin-card" onSubmit={submit} aria-labelledby="signin-title">
        <div className="brand brand-large" aria-hidden="true">
          ◆
        </div>
        <h1 id="signin-title">Sign in to Campaign Studio</h1>
        <p className="muted">
          Paste your API key. A server running on this computer prints a sign-in link each time it starts: open it, or copy its key from the
          terminal. On a shared server, ask its administrator for a key.
        </p>
        <label className="field">
          <span>API key</span>
          <input
            className="input"
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            // The sign-in screen is the whole page and this its one required field.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
        </label>
        <details>
          <summary>Another server</summary>
          <label className="field">
            <span>Server URL (leave empty for this one)</span>
            <input
              className="input"
              type="url"
              placeholder="http://127.0.0.1:8787"
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.target.value)}
            />
          </label>
        </details>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button className="btn btn-primary" type="submit">
          Sign in
        </button>
      </form>
    </main>
  );
}
