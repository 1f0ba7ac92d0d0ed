import { randomSequenceSuite } from './support/random-sequence-suite.ts';

randomSequenceSuite('a', 20250320);
