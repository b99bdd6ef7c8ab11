export declare const VITE_CONFIGS: readonly string[]
export declare function viteBuildOptions(configFile: string): {
  configFile: string
  configLoader: 'runner'
  logLevel: 'warn'
}
