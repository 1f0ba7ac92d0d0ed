import { randomSequenceSuite } from './support/random-sequence-suite.ts';

randomSequenceSuite('b', 7041);
