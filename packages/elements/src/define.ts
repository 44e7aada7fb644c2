/** Side-effect entry: importing it defines every cp-* element. */
import { defineElements } from './index';

defineElements();
