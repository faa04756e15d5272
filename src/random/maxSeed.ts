/**
 * The largest seed (seeds are 0..MAX_SEED, 32 bits): in a module of its own, so that the command line's --seed
 * parser does not load the generator (pure-rand) into every command's start-up.
 */
export const MAX_SEED = 0xffffffff;
