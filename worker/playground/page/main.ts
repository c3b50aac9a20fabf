import { mountPlayground } from './playground-app';
import { createPlaygroundClient } from './playground-client';

const root = document.getElementById('playground');
if (root === null) throw new Error('The playground page lacks #playground');
mountPlayground(root, createPlaygroundClient());
