import BuildSupport

BuildRunner.main(AtarimaniaTool.tool, AtarimaniaTool.build)
