import { setProjectAnnotations } from '@storybook/react';
import * as preview from '../../.storybook/preview';

// Stories render in tests with the same decorators and parameters as in Storybook.
setProjectAnnotations([preview]);
