/** A password's length limits, apart from the schema so that the sign-up form paints without zod. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
