import { z } from 'zod';
import { permissionUsername } from './permission-schemas.ts';

/** The user a permission call is about, named by the query string (the account id is the caller's). */
export const usernameQuery = z.object({ username: permissionUsername });
