// Run before each journey file: what the file leaves open in the worker's shared Chromium is closed after it.
import { afterAll } from 'vitest';
import { closeContextsLeftOpen } from './browser.js';

afterAll(closeContextsLeftOpen);
