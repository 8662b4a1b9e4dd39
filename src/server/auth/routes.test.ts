import { describe, expect, it } from 'vitest';
import { toApiErrorAnswer } from './routes.js';
import { SIGN_INS_BUSY, SIGN_INS_BUSY_CODE } from './password-hashing.js';

describe('toApiErrorAnswer', () => {
  it('keeps Better Auth\'s code and makes its message a sentence', () => {
    expect(toApiErrorAnswer(401, '{"message":"Invalid email or password","code":"INVALID_EMAIL_OR_PASSWORD"}')).toEqual({
      status: 401,
      body: { message: 'Invalid email or password.', code: 'INVALID_EMAIL_OR_PASSWORD' },
    });
  });

  it('answers a refused verification code in our words, a spent one with 429', () => {
    expect(toApiErrorAnswer(400, '{"message":"Invalid OTP","code":"INVALID_OTP"}')).toEqual({
      status: 400,
      body: { message: 'That code is not right. Check the e-mail we sent and try again.', code: 'INVALID_OTP' },
    });
    expect(toApiErrorAnswer(403, '{"message":"Too many attempts","code":"TOO_MANY_ATTEMPTS"}').status).toBe(429);
  });

  it('keeps 422 answers as they are', () => {
    expect(toApiErrorAnswer(422, '{"message":"Failed to create user","code":"FAILED_TO_CREATE_USER"}').status).toBe(422);
  });

  it('gives a message to an answer without one', () => {
    expect(toApiErrorAnswer(404, 'Not Found').body).toEqual({ message: 'Not found.' });
    expect(toApiErrorAnswer(404, 'null').body).toEqual({ message: 'Not found.' });
    expect(toApiErrorAnswer(418, '').body).toEqual({ message: 'The request could not be completed.' });
  });

  it('never passes on what a server failure said', () => {
    expect(toApiErrorAnswer(500, '{"message":"relation \\"users\\" does not exist"}').body).toEqual({
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(toApiErrorAnswer(503, '{"message":"pool exhausted"}').body.message).toBe('Something went wrong on our side. Please try again.');
  });

  it('passes on our own refusal of a sign-in burst', () => {
    expect(toApiErrorAnswer(503, JSON.stringify({ code: SIGN_INS_BUSY_CODE, message: SIGN_INS_BUSY })).body).toEqual({ message: SIGN_INS_BUSY, code: SIGN_INS_BUSY_CODE });
  });

  it('turns request validation into a field error', () => {
    const answer = toApiErrorAnswer(
      400,
      '{"message":"[body.email] Invalid input: expected string, received undefined","code":"VALIDATION_ERROR"}',
    );
    expect(answer.body).toEqual({
      message: 'The email field is missing or not valid.',
      code: 'VALIDATION_ERROR',
      errors: { email: 'Invalid input: expected string, received undefined' },
    });
  });
});
