/** The largest avatar a reader may upload: the profile form's check and the HTTP layer's body limit read it. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
