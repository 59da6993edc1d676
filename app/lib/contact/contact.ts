/** The contact form's field limits: the server's schema and the page's inputs use the same numbers. */
export const CONTACT_LIMITS = { name: 60, subject: 150, messageMin: 10, message: 5000 } as const;
