import { dlxFromEmptyTest } from './helpers/dlxFromEmpty.js';

// about 28 million leaves, about a minute
dlxFromEmptyTest(3, 2, 28_200_960n);
