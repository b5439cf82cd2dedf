/**
 * Stand-in credentials for sources the library never sees (External Secrets). Everything is rendered
 * with these, then every Secret value holding them becomes a template that puts the real values in
 * the same places with the same escaping. The `%` makes the escaping visible: percent-encoded it is
 * `%25`, and a renderer that escapes `%` (systemd) turns that into `%%25`.
 */
export const CREDENTIAL_MARKERS = Object.freeze({
  username: 'cpxusermarker%',
  password: 'cpxpasswordmarker%',
});
