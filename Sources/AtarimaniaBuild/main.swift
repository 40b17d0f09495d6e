import BuildSupport

BuildRunner.main(AtarimaniaTool.source)
