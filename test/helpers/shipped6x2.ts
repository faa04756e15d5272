import { join } from 'node:path';
import { readColumnSetCertificate } from '../../src/io/columnSetCertificateFile.js';
import { ROOT } from './paths.js';

/**
 * Whether the shipped 6×2 certificate (data/6x2/certificate.bin) is whole, every shard of the count in. While it is
 * partial, `essentially-different --box 6x2` refuses its total in one line; once whole it counts the terms (hours),
 * so the tests of that refusal stand down.
 */
export const whole6x2 = readColumnSetCertificate(join(ROOT, 'data', '6x2', 'certificate.bin')).total !== null;
