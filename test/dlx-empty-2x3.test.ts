import { dlxFromEmptyTest } from './helpers/dlxFromEmpty.js';

// about 28 million leaves, about a minute
dlxFromEmptyTest(2, 3, 28_200_960n);
