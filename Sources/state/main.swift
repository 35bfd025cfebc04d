import State
import StateCLI

// Before anything else: a parent that started us with these blocked would make `state`
// impossible to interrupt (see LocalProcess.acceptTerminationSignals).
LocalProcess.acceptTerminationSignals()
StateCommand.main()
