import { render } from 'preact'
import { App } from './App'
import './console.css'

const root = document.getElementById('app')
if (!root) throw new Error('The console page has no #app element')
render(<App />, root)
