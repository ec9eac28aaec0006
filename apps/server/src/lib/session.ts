/** The signed-in caller of an authenticated request (set by the auth plugin). */
export interface Session {
  accountId: number;
  locationId: number;
  /** The server-side session the token belongs to (ended by logout). */
  sessionId: number;
  /** The account's user name as stored, for "is this me?" checks. */
  userName: string;
}
